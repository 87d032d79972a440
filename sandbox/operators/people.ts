/**
 * The people the sandbox's identity provider knows (the integrator's staff, as their organisation's directory would
 * have them). Development values: the add-on lets in whom OPERATOR_EMAILS / OPERATOR_EMAIL_DOMAIN name, and
 * `npm run dev` names the first two, never the third.
 */
export interface OperatorPerson {
  id: string;
  email: string;
  name: string;
}

export const operatorPeople: readonly OperatorPerson[] = [
  { id: 'olga', email: 'olga.operatorova@example.sk', name: 'Olga Operátorová' },
  { id: 'marek', email: 'marek.spravca@example.sk', name: 'Marek Správca' },
  // Verified by the provider, but no operator of the add-on: the console must refuse her after the provider says yes.
  { id: 'nikto', email: 'nikto@example.org', name: 'Nikto Nikde' },
];
