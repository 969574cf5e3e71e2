import { settingTextKeys } from '../../domain/setting-text-keys.ts';

export type SchemaNode = {
  type?: unknown;
  description?: unknown;
  enum?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
};

/** A list's items are settings of their own when they are objects: the identity providers' issuer, client. */
export function childrenOf(node: SchemaNode): Record<string, SchemaNode> {
  return node.properties ?? node.items?.properties ?? {};
}

export interface SettingNode {
  path: string[];
  node: SchemaNode;
  branch: boolean;
  label: string;
  help: string;
}

/**
 * Every setting of a tenant (form) schema, parents before their children, with the keys of its
 * texts: what the form labels and what the translations test holds complete.
 */
export function settingNodes(schema: SchemaNode, path: readonly string[] = []): SettingNode[] {
  return Object.entries(childrenOf(schema)).flatMap(([name, node]) => {
    const at = [...path, name];
    const branch = Object.keys(childrenOf(node)).length > 0;
    return [{ path: at, node, branch, ...settingTextKeys(at, branch) }, ...settingNodes(node, at)];
  });
}
