/** The loan purposes of spec section 3, apart from the application schema so small bundles (the widget loader) can take them alone. */
export const LOAN_PURPOSES = [
  'personalNeeds',
  'refinancing',
  'buyingCar',
  'houseRepair',
  'realEstateLoan',
  'business',
  'other',
] as const;
export type LoanPurpose = (typeof LOAN_PURPOSES)[number];
