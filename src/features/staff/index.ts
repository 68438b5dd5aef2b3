/** The staff's back office page (issue 34): passkey login and enrolment, members, audit log. */
export { StaffApp } from './StaffApp.tsx';
