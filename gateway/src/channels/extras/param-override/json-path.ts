/**
 * The subset of gjson/sjson paths new-api's param override operations use: segments split on dots
 * (`\.` keeps a dot in a key), a number indexes an array (negative from its end), `*` every child.
 * Values are plain JSON (parsed bodies); writes mutate the tree they are given.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Container = Json[] | { [key: string]: Json };

export function segmentsOf(path: string): string[] {
  const segments: string[] = [];
  let current = '';
  for (let i = 0; i < path.length; i += 1) {
    const char = path[i];
    if (char === '\\' && i + 1 < path.length) current += path[(i += 1)];
    else if (char === '.') {
      segments.push(current);
      current = '';
    } else current += char;
  }
  segments.push(current);
  return segments;
}

const isContainer = (value: Json | undefined): value is Container => value !== null && typeof value === 'object';

/** An array index a segment names (negative counts from the end), or null when it names none. */
function indexIn(array: Json[], segment: string): number | null {
  if (!/^-?\d+$/.test(segment)) return null;
  const index = Number(segment);
  return index < 0 ? array.length + index : index;
}

function childOf(value: Json | undefined, segment: string): Json | undefined {
  if (Array.isArray(value)) {
    const index = indexIn(value, segment);
    return index === null ? undefined : value[index];
  }
  return isContainer(value) && Object.hasOwn(value, segment) ? value[segment] : undefined;
}

export function getPath(root: Json, path: string): Json | undefined {
  return segmentsOf(path).reduce<Json | undefined>((value, segment) => childOf(value, segment), root);
}

/** sjson's set: missing parents are made (an array when the next segment is a number); `-1` past an array appends. */
export function setPath(root: Json, path: string, value: Json): Json {
  const segments = segmentsOf(path);
  if (!isContainer(root)) root = {};
  let node: Container = root;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    const fresh = (): Container => (/^\d+$/.test(segments[i + 1] ?? '') ? [] : {});
    if (Array.isArray(node)) {
      const found = indexIn(node, segment);
      if (found === null) throw new Error(`cannot set key ${segment} on an array`);
      const index = found < 0 ? node.length : found;
      while (node.length < index) node.push(null);
      if (last) node[index] = value;
      else node = isContainer(node[index]) ? (node[index] as Container) : (node[index] = fresh());
    } else if (last) put(node, segment, value);
    else {
      const child = Object.hasOwn(node, segment) ? node[segment] : undefined;
      node = isContainer(child) ? child : (put(node, segment, fresh()) as Container);
    }
  });
  return root;
}

export function deletePath(root: Json, path: string): Json {
  const segments = segmentsOf(path);
  const parent = getPath(root, segments.slice(0, -1).map(escapeKey).join('.'));
  const key = segments.at(-1) ?? '';
  if (segments.length === 1) return deleteChild(root, key), root;
  if (parent !== undefined) deleteChild(parent, key);
  return root;
}

function deleteChild(parent: Json, key: string): void {
  if (Array.isArray(parent)) {
    const index = indexIn(parent, key);
    if (index !== null && index >= 0 && index < parent.length) parent.splice(index, 1);
  } else if (isContainer(parent)) Reflect.deleteProperty(parent, key);
}

/** An own field even when the key is `__proto__` (a plain assignment would swap the prototype). */
function put(object: { [key: string]: Json }, key: string, value: Json): Json {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}

export const escapeKey = (key: string) => key.replace(/[\\.*?]/g, (char) => `\\${char}`);

/**
 * The concrete paths a path with `*` stands for, in key order (new-api's collectWildcardPaths); a
 * path without one is itself. `allowMissingLeaf` (set) names a missing last key under a match.
 */
export function expandPath(root: Json, path: string, allowMissingLeaf: boolean): string[] {
  if (!segmentsOf(path).includes('*')) return [path];
  const walk = (value: Json | undefined, rest: string[], prefix: string[]): string[] => {
    if (rest.length === 0) return [prefix.join('.')];
    const [segment = '', ...tail] = rest;
    if (segment === '*') {
      if (Array.isArray(value)) return value.flatMap((item, i) => walk(item, tail, [...prefix, String(i)]));
      if (!isContainer(value)) return [];
      return Object.keys(value)
        .sort()
        .flatMap((key) => walk(value[key], tail, [...prefix, escapeKey(key)]));
    }
    const child = childOf(value, segment);
    if (child === undefined) return allowMissingLeaf && tail.length === 0 && isContainer(value) && !Array.isArray(value) ? [[...prefix, escapeKey(segment)].join('.')] : [];
    return walk(child, tail, [...prefix, Array.isArray(value) ? segment : escapeKey(segment)]);
  };
  return walk(root, segmentsOf(path), []).sort();
}
