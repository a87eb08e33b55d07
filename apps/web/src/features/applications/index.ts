// The applications feature's public entry (issue 21 §3): the read-only application view, which the dashboard's
// application card opens too. Other features import this file only, never a module inside the feature.
export { ApplicationViewModal } from './components/application-view-modal';
