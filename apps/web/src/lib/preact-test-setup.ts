/**
 * Unit tests on Preact (preact-aliases.ts): Preact runs effects after the next paint, waiting for a frame that jsdom
 * never draws (its fallback is a 100 ms timer); React runs them right after the render's commit. Here they run on the
 * next task, as React's do in a test.
 */
import { options } from 'preact';

options.requestAnimationFrame = (callback) => setTimeout(callback, 0);
