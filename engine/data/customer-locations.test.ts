import { describe, expect, it } from 'vitest';
import { customerLocationsQuery, headerLocationsQuery } from './customer-locations.ts';

describe("the header's location switcher read", () => {
  it('is read for customer and corporate users once a customer is chosen, under the key the customer picker shares', () => {
    for (const userType of ['customer', 'corporate'] as const) {
      const query = headerLocationsQuery(userType, 'C-1001');
      expect(query.enabled).toBe(true);
      expect(query.queryKey).toEqual(customerLocationsQuery('C-1001').queryKey);
    }
  });

  it('is not read without a chosen customer, nor for other users', () => {
    expect(headerLocationsQuery('customer', null).enabled).toBe(false);
    for (const userType of ['merchant', 'admin', 'none'] as const) expect(headerLocationsQuery(userType, 'C-1001').enabled).toBe(false);
  });
});
