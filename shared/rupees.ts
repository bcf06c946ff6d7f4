/** How a price reads everywhere (pages, notifications, previews): one formatter, zod-free and small. */

/** Indian digit grouping of a whole number's digits: '12345678' as '1,23,45,678'. */
function groupIndian(digits: string): string {
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ",")},${lastThree}` : lastThree;
}

let rupeeFormat: Intl.NumberFormat | undefined;

/** '₹1,25,000': whole rupees with Indian digit grouping. */
export function formatRupees(amount: number): string {
  if (Number.isSafeInteger(amount)) {
    return `₹${amount < 0 ? "-" : ""}${groupIndian(String(Math.abs(amount)))}`;
  }
  // Paise or a value beyond exact integers: never a listing's price, which is whole rupees.
  rupeeFormat ??= new Intl.NumberFormat("en-IN");
  return `₹${rupeeFormat.format(amount)}`;
}
