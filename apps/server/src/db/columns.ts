/** Booleans are stored as 0/1 integers and times as epoch milliseconds, the same on SQLite and PostgreSQL. */
export type Flag = number;
export type Millis = number;
