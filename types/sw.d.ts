// The line scoring/views/pwa.py puts in front of static/js/sw.js when it serves it.
declare const CONFIG: {
  shell: string[];
  offline: string;
  static: string;
  userHeader: string;
  authPaths: string[];
  neverCache: string[];
  version: string;
};
