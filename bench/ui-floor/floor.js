/**
 * The floor of `npm run bench:ui` (issue 25): the least a page can do for a portal screen. It asks
 * the one data request the portal's screen asks first (its URL in `?data=`, the same session's
 * cookie goes with it) and renders what came back as a plain table, one row per resource with
 * its attributes as cells. No framework, no texts, no formatting: what the portal takes beyond
 * this is the cost of being the portal.
 */
const source = new URLSearchParams(location.search).get('data');

function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = typeof text === 'object' && text !== null ? JSON.stringify(text) : String(text ?? '');
  row.append(td);
}

function render(document_) {
  const resources = Array.isArray(document_.data) ? document_.data : [document_.data];
  const names = Object.keys(resources[0]?.attributes ?? {});
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const name of names) {
    const th = document.createElement('th');
    th.textContent = name;
    head.append(th);
  }
  const body = table.createTBody();
  for (const resource of resources) {
    const row = body.insertRow();
    row.dataset.floorRow = resource.id ?? '';
    for (const name of names) cell(row, resource.attributes?.[name]);
  }
  document.body.append(table);
}

fetch(source, { headers: { accept: 'application/vnd.api+json' } })
  .then((response) => response.json())
  .then(render);
