// The read-only application view lives with the application page (features/applications), which shows it too.
export { ApplicationViewModal } from '../../applications';
