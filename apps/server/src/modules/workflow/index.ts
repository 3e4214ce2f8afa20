// The state-machine engine, as other modules use it.
export { createWorkflowRepository, type WorkflowTable } from './repository.ts';
export { createTransitionService, refusalError, type FireInput, type FiredTransition, type TransitionEvent, type TransitionListener, type TransitionService, type WorkflowOutbox, type WorkflowTarget } from './service.ts';
