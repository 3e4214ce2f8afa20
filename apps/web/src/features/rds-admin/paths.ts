// The paths of the scheme administration pages (route-table.ts).
export const RDS_ADMIN_PATH = '/administration/rds';
export const CUSTOM_SETTINGS_PATH = '/administration/rds/parametrage-custom';
