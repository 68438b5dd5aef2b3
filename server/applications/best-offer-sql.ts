/**
 * domain/offer-ranking.ts's rule in SQL, for the queries that pick the best offer in the database (the messages):
 * an offer `o` of application `a` that lends the amount and term asked, within the cost cap. Order such offers by
 * `o.apr, o.total_payable, o.id` and the first open one is the best.
 */
export const BEST_OFFER_SQL = 'o.amount = a.amount AND o.term = a.term AND NOT o.exceeds_cost_cap';
