// What other features use from Pass'Sport: its paths (the dashboard's tiles, the association's links).
export { PASS_SPORT_ADMIN_PATH, PASS_SPORT_PATH, passSportPath, structureOfLink } from './pass-sport-paths.ts';
