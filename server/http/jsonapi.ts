export const JSON_API = 'application/vnd.api+json';

export interface ResourceObject<A> {
  type: string;
  id: string;
  attributes: A;
}

export function resource<A>(type: string, id: string | number, attributes: A): ResourceObject<A> {
  return { type, id: String(id), attributes };
}

export interface PageMeta {
  number: number;
  size: number;
  total: number;
  pages: number;
}

export function pageMeta(page: { number: number; size: number }, total: number): PageMeta {
  return { number: page.number, size: page.size, total, pages: Math.ceil(total / page.size) };
}
