/**
 * What a 6-digit code field keeps of what was typed or pasted: Japanese IMEs often type
 * full-width digits (１２３４５６), which are the same digits and are converted rather than dropped;
 * anything else is left out.
 */
export function codeDigits(value: string, length = 6): string {
  return value
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, '')
    .slice(0, length);
}
