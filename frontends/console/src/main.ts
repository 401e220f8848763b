// A page of its own: no federation boundary to wait on, so the app starts at once.
import './bootstrap.tsx';
