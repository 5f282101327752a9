export { YourDataSection } from './YourDataSection.tsx';
