// The script of an admin page whose screen was written into it at build time (decision 0478): the
// admin client starts once the screen has been painted, so its scripts do not compete with the page
// and its stylesheet for a slow connection before the owner sees the form. One frame later than at
// once; the form can be filled in meanwhile.
requestAnimationFrame(() => setTimeout(() => void import('./main.tsx')));
