/** How a person is named on records and in the team list: first and last name, or just the first. */
export function personName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.trim();
}
