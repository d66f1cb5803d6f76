/** When a traveller reaches the kerb: replaced by the yard's walk-out settings once they are merged. */
export function kerbTimeOf(landing: string, stop: 'domestic' | 'international' | null): string {
  const minutes = stop === 'domestic' ? 20 : 30;
  return new Date(Date.parse(landing) + minutes * 60_000).toISOString();
}
