/** The calculator's public entry: what the site's routes and the widget frames may take from it. */
export { Calculator, type ApplicationLink, type CalculatorProps } from './Calculator.tsx';
export type { Calculation } from './calculation.ts';
