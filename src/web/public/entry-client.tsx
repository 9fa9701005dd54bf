// The public pages' script: their styles, then hydration once the hero picture has been painted
// (issue 18, decision 0429). React and the page's components are most of the bytes a page loads;
// fetched beside the hero picture they share a phone's bandwidth with it and delay the largest thing
// a visitor sees. The page works without script meanwhile (links, the no-script contact note).
import { afterPriorityImagePainted } from './hydration-start.ts';
import './styles.css';

afterPriorityImagePainted(() => void import('./hydrate.tsx'));
