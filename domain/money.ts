/** Cents of EUR as a person in Austria reads them ("€ 25,00"), for mails and the provider's pages. */
export const formatEuroCents = (cents: number): string =>
  new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' }).format(cents / 100)
