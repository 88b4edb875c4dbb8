/**
 * A source argument fit to show and log: the password of a DSN (URL or new-api's Go form)
 * replaced by `***`. Driver errors pass through `redactIn` too, in case one quotes the DSN.
 */
export function redactSource(source: string): string {
  const password = sourcePassword(source);
  return password ? redactIn(source, password) : source;
}

export function redactIn(text: string, password: string): string {
  return password ? text.replaceAll(password, '***') : text;
}

/** The password a DSN carries ('' when none, or for a SQLite path). */
export function sourcePassword(source: string): string {
  if (/^[a-z]+:\/\//.test(source)) {
    try {
      return decodeURIComponent(new URL(source).password);
    } catch {
      return '';
    }
  }
  return /^[^:@]*:(.*)@(tcp|unix)\(/.exec(source)?.[1] ?? '';
}
