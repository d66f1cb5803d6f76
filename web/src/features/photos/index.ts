/**
 * The vehicle photos feature. Import these lazily (React.lazy on the module paths below) so photo code never
 * reaches the first load of a page that does not show it.
 *   components/VehiclePhotosPanel (default export): the panel, for embedding (the customer's edit dialog)
 *   VehiclePhotosDialog (named and default export): the panel in its own dialog (the admin dashboard)
 */
export { VehiclePhotosDialog, type VehiclePhotosDialogProps } from './VehiclePhotosDialog';
export { default as VehiclePhotosPanel, type VehiclePhotosPanelProps } from './components/VehiclePhotosPanel';
