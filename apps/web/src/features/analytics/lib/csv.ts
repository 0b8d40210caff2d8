import { csvRow } from '@wavecast/shared';

/** The table as CSV (cells by the shared rule: quoted when needed, formulas defused). */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((r) => csvRow(r)).join('\r\n');
}

/** Saves a CSV file from the browser (no server round trip: the table is already here). */
export function downloadCsv(name: string, header: string[], rows: (string | number)[][]) {
  const url = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
