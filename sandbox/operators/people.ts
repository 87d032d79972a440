/**
 * The people the sandbox's identity provider knows (the integrator's staff, as their organisation's directory would
 * have them). Development values: the add-on lets in whom OPERATOR_EMAILS / OPERATOR_EMAIL_DOMAIN name, and
 * `npm run dev` names the first two, never the third, and lets nobody in whose address the provider did not verify.
 */
export interface OperatorPerson {
  id: string;
  email: string;
  name: string;
  /** The provider's `email_verified` claim; left out of the ID token when absent (an address it never checked). */
  emailVerified?: boolean;
}

export const operatorPeople: readonly OperatorPerson[] = [
  { id: 'olga', email: 'olga.operatorova@example.sk', name: 'Olga Operátorová', emailVerified: true },
  { id: 'marek', email: 'marek.spravca@example.sk', name: 'Marek Správca', emailVerified: true },
  // Verified by the provider, but no operator of the add-on: the console must refuse her after the provider says yes.
  { id: 'nikto', email: 'nikto@example.org', name: 'Nikto Nikde', emailVerified: true },
  // Of the operators' domain, but an address the provider never verified (no `email_verified`): refused too.
  { id: 'viera', email: 'viera.neoverena@example.sk', name: 'Viera Neoverená' },
];
