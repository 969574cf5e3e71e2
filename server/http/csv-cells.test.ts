import { describe, expect, it } from 'vitest';
import { detectDelimiter, neutraliseCsv, neutraliseCsvBytes } from './csv-cells.ts';

describe('neutraliseCsv (OWASP CSV injection)', () => {
  it('prefixes every cell starting with = + - @ by a single quote', () => {
    expect(neutraliseCsv('a,=1+1,+2,-3,@SUM(A1),ok\r\n=HYPERLINK("x"),b\r\n')).toBe(
      "a,'=1+1,'+2,'-3,'@SUM(A1),ok\r\n'=HYPERLINK(\"x\"),b\r\n",
    );
  });

  it('looks inside quoted cells, keeping doubled quotes and delimiters in them', () => {
    expect(neutraliseCsv('"=cmd|\' /C calc\'!A0","a,""b""",x\n"@x"\n')).toBe('"\'=cmd|\' /C calc\'!A0","a,""b""",x\n"\'@x"\n');
    expect(neutraliseCsv('"\tinside tab","\r=1"')).toBe('"\'\tinside tab","\'\r=1"');
    expect(neutraliseCsv('"multi\nline",=2\n')).toBe('"multi\nline",\'=2\n');
  });

  it('prefixes a leading tab in comma files, and finds ; and tab delimiters', () => {
    expect(neutraliseCsv('a,\t=1')).toBe("a,'\t=1");
    expect(detectDelimiter('a;b;c,d\n')).toBe(';');
    expect(neutraliseCsv('axle;kg\n=1;-7100,5\n')).toBe("axle;kg\n'=1;'-7100,5\n");
    expect(neutraliseCsv('a\t=b\t@c\n')).toBe("a\t'=b\t'@c\n");
  });

  it('leaves harmless files, empty cells, line endings and a BOM as they are', () => {
    const harmless = '\u00ef\u00bb\u00bfaxle,kg\r\n1,7100\r\n,,\r\n"a=b",x-y\n';
    expect(neutraliseCsv(harmless)).toBe(harmless);
    expect(neutraliseCsv('\u00ef\u00bb\u00bf=1,2')).toBe("\u00ef\u00bb\u00bf'=1,2");
    expect(neutraliseCsv('')).toBe('');
  });

  it('keeps non-ASCII bytes (UTF-8 or Windows-1252) unchanged', () => {
    const bytes = Buffer.from('Größe,=Füllung\n€,ok\n', 'utf8');
    expect(neutraliseCsvBytes(bytes).toString('utf8')).toBe("Größe,'=Füllung\n€,ok\n");
    const cp1252 = Buffer.from([0x47, 0x72, 0xf6, 0xdf, 0x65, 0x2c, 0x2d, 0x31]);
    expect([...neutraliseCsvBytes(cp1252)]).toEqual([0x47, 0x72, 0xf6, 0xdf, 0x65, 0x2c, 0x27, 0x2d, 0x31]);
  });
});
