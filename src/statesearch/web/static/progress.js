// A running search's progress, from whichever transport reports it: the page's own Python sends
// {expanded, frontier, seconds, bound}; a server, which answers once, a waiting search's place
// in line ({place}). `onProgress` gives back the way to stop listening.
const listeners = new Set();

export function onProgress(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function progressed(snapshot) { for (const listener of listeners) listener(snapshot); }
