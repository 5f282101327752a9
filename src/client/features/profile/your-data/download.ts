/**
 * Saves text as a file the browser downloads. A blob URL works offline and in an installed app;
 * it is revoked a little later, since a browser may read it after `click()` returns.
 */

/** A byte order mark first, so a spreadsheet reads the CSV as UTF-8 (accented names, ’). */
const UTF8_BOM = '\uFEFF';

export function saveFile(fileName: string, text: string, type: 'application/json' | 'text/csv'): void {
  const body = type === 'text/csv' ? UTF8_BOM + text : text;
  const url = URL.createObjectURL(new Blob([body], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
