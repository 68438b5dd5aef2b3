import { ConsultantCalls } from './consultant/ConsultantCalls.tsx';

/** The consultant's landing: the calls to make, the search, and one application's page (./consultant/). */
export function ConsultantHome() {
  return <ConsultantCalls />;
}
