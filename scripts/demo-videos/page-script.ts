// The page's code is plain browser JavaScript in a string: functions handed to page.evaluate would be
// rewritten by the TypeScript loader with helpers the page does not have. Its parts run as one
// script, in this order.
import { PAGE_CAPTURE } from './page-capture.ts';
import { PAGE_DRAWING } from './page-drawing.ts';
import { PAGE_HERO_SCENE } from './page-hero-scene.ts';
import { PAGE_REACTION_SCENE } from './page-reaction-scene.ts';

export const PAGE_SCRIPT = ['', PAGE_DRAWING, PAGE_HERO_SCENE, PAGE_REACTION_SCENE, PAGE_CAPTURE, ''].join(
  '\n',
);
