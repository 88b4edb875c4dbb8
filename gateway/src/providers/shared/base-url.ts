/** What building an upstream request reads of a base URL. */
export interface BaseUrl {
  origin: string;
  /** The path under the origin, without trailing slashes ('' at the root). */
  prefix: string;
}

/** The origin and path prefix of a channel's base URL, or of the type's default. Throws on an invalid URL. */
export function baseOf(baseUrl: string, defaultBaseUrl: string): BaseUrl {
  const url = new URL(baseUrl || defaultBaseUrl);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}
