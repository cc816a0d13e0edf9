// The child of startPlanner (planner.ts): plans the build, sends the plan, indexes search, exits.
import { configFromHandoff } from '../../crawler/config/index.ts';
import { isGleanerError } from '../../crawler/errors.ts';
import { planBuild } from './plan.ts';
import type { PlannerMessage, PlannerReply } from './planner.ts';

// A parent that dies (even by SIGKILL, which runs no exit handler) closes the channel: stop with it, not write on beside the next build.
process.once('disconnect', () => process.exit(1));
process.once('message', async (message: PlannerMessage) => {
  try {
    const { plan, search } = await planBuild({ ...message, config: configFromHandoff(message.config) });
    await send({ plan });
    await search();
    process.exit(0);
  } catch (error) {
    // The build's own errors (a GleanerError) keep their code and message; anything else is a bug, told with its stack.
    const reply = isGleanerError(error) ? { message: error.message, code: error.code } : { message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    await send({ error: reply }).catch(() => undefined);
    process.exit(1);
  }
});

function send(reply: PlannerReply): Promise<void> {
  return new Promise((resolve, reject) => process.send!(reply, undefined, {}, (error) => (error ? reject(error) : resolve())));
}
