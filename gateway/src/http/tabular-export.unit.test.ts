import { describe, expect, it } from 'vitest';
import { csvField, encodeExport, type ExportColumn } from './tabular-export.js';

async function* pagesOf<T>(...pages: T[][]): AsyncGenerator<T[]> {
  yield* pages;
}

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['-1+1', "'-1+1"],
    ['@x,y', `"'@x,y"`],
    ['', ''],
  ])('%j -> %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it('writes numbers and booleans as they are, negatives included', () => {
    expect(csvField(-1000)).toBe('-1000');
    expect(csvField(true)).toBe('true');
  });
});

describe('encodeExport', () => {
  const columns: ExportColumn<{ n: number; s: string }>[] = [
    { header: 'n', value: (row) => row.n },
    { header: 's', value: (row) => row.s },
  ];

  it('writes a BOM and a header, then one CRLF line per row, page after page', async () => {
    const csv = await text(encodeExport('csv', columns, pagesOf([{ n: 1, s: 'a' }], [{ n: 2, s: 'b,c' }])));
    expect(csv).toBe('\uFEFFn,s\r\n1,a\r\n2,"b,c"\r\n');
  });

  it('writes one JSON object per line, keyed by header, without a header line', async () => {
    const jsonl = await text(encodeExport('jsonl', columns, pagesOf([{ n: 1, s: 'a"' }])));
    expect(jsonl).toBe('{"n":1,"s":"a\\""}\n');
  });

  it('pulls a page only when the previous chunk is taken', async () => {
    let pulled = 0;
    async function* counted() {
      for (let page = 0; page < 3; page += 1) {
        pulled += 1;
        yield [{ n: page, s: '' }];
      }
    }
    const chunks = encodeExport('jsonl', columns, counted());
    await chunks.next();
    expect(pulled).toBe(1);
    await chunks.return(undefined);
    expect(pulled).toBe(1);
  });
});
