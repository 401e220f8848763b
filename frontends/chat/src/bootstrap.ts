// Nothing runs on its own: every screen is exposed to the shell (module-federation.config.ts).
export {};
