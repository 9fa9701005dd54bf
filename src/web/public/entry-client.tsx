// The public pages' script: their styles, and the islands (issue 27, docs/decisions/0439) — the
// parts that need script, each hydrated as a React root of its own when it is needed. React and the
// islands' code are fetched only then, never before the hero picture is painted (issue 18, decision
// 0429); the rest of the page is server-rendered HTML that runs no component code.
import { drawAllBeforeJumps } from './drawn-before-jumps.ts';
import { afterPriorityImagePainted } from './hydration-start.ts';
import { startIslands } from './islands/start-islands.ts';
import { linkWebManifest } from './web-manifest.ts';
import './styles.css';

drawAllBeforeJumps();
startIslands();
afterPriorityImagePainted(() => linkWebManifest());
