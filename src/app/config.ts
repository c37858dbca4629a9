export { config, type AppConfig } from '../shared/config';
