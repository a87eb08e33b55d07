// features/admin's public entry (issue 21 §3 web layers): the console's frame, shared by the console's other screens.
export { AdminLayout } from './components/admin-layout';
