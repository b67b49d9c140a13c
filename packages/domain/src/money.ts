/** Rupees to 2 decimals (paise), rounding half away from zero as accounts do: 1.005 → 1.01. */
export function roundRupees(value: number): number {
  const paise = Math.round(Math.abs(value) * 100 + 1e-7);
  return (Math.sign(value) * paise) / 100;
}
