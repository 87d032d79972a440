/** The customer the upload tests write on their invoices: a Slovak café with a complete address. */
export const CAFE_ADDRESS = {
  businessName: 'Kaviareň U Dómu s.r.o.',
  street: 'Hlavná 1',
  postCode: '040 01',
  city: 'Košice',
  country: 'SK',
};
