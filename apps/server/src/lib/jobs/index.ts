export { JobQueue, LeaseLost, type EnqueueOptions, type JobQueueOptions } from './job-queue';
export { defineJob, type JobContext, type JobDefinition, type JobProgress } from './job-definition';
