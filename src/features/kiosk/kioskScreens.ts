export { KioskShell } from './KioskShell';
export { KioskOrderPanel } from './KioskOrderPanel';
export { LanguageChoice } from './LanguageChoice';
