// The sandbox card provider's hosted field. It talks to the page that embeds it only through
// postMessage (same origin), and sends the card data to the provider's own token endpoint:
// parent → { type: 'card-provider:tokenize' }
// field  → { type: 'card-provider:ready' } once loaded,
//          { type: 'card-provider:token', token, last4, brand } or { type: 'card-provider:error', code }
const form = document.getElementById('card-form');
const inputs = {
  number: document.getElementById('number'),
  expiry: document.getElementById('expiry'),
  cvc: document.getElementById('cvc'),
};
const FIELD_OF = {
  'errors.payments.cardInvalid': 'number',
  'errors.payments.cardExpiryInvalid': 'expiry',
  'errors.payments.cardCvcInvalid': 'cvc',
};
const FAILED = 'errors.payments.cardProviderFailed';

function reply(message) {
  window.parent.postMessage(message, window.location.origin);
}

/** The portal's session cookie rides along on this same-origin call, so its CSRF token must too. */
function csrfToken() {
  const match = /(?:^|;\s*)portal_csrf=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : undefined;
}

function markInvalid(field) {
  for (const [name, input] of Object.entries(inputs)) {
    if (name === field) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  if (field) inputs[field].focus();
}

async function tokenize() {
  const csrf = csrfToken();
  try {
    const response = await fetch('/card-provider/sandbox/tokens', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(csrf ? { 'x-csrf-token': csrf } : {}) },
      body: JSON.stringify({ key: form.dataset.key, number: inputs.number.value, expiry: inputs.expiry.value, cvc: inputs.cvc.value }),
    });
    const body = await response.json();
    if (response.ok) {
      markInvalid(null);
      reply({ type: 'card-provider:token', token: body.token, last4: body.last4, brand: body.brand });
      return;
    }
    const code = body.errors?.[0]?.code ?? FAILED;
    markInvalid(FIELD_OF[code] ?? null);
    reply({ type: 'card-provider:error', code: FIELD_OF[code] ? code : FAILED });
  } catch {
    reply({ type: 'card-provider:error', code: FAILED });
  }
}

window.addEventListener('message', (event) => {
  if (event.origin !== window.location.origin || event.source !== window.parent) return;
  if (event.data && event.data.type === 'card-provider:tokenize') void tokenize();
});

// "MM/YY" as the user types digits.
inputs.expiry.addEventListener('input', () => {
  const digits = inputs.expiry.value.replace(/\D/g, '').slice(0, 4);
  inputs.expiry.value = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
});
// Enter inside the field must not reload the frame; the embedding page owns submission.
form.addEventListener('submit', (event) => event.preventDefault());
reply({ type: 'card-provider:ready' });
