/** Which side of a dispute answers: the customer's or the merchant's (spec §4). */
export type DisputeSide = 'customer' | 'merchant';

/**
 * Which side a user type answers for: corporate users act as customers. Apart from
 * `domain/disputes.ts` because the portal's entry needs only this (the screen bindings).
 */
export function sideOfUserType(userType: string): DisputeSide | undefined {
  if (userType === 'customer' || userType === 'corporate') return 'customer';
  if (userType === 'merchant') return 'merchant';
  return undefined;
}
