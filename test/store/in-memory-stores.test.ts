import { InMemoryPlanStore } from '../../devkit/adapters/memory/in-memory-plan-store.ts';
import { InMemorySessionStore } from '../../devkit/adapters/memory/in-memory-session-store.ts';
import { planStoreContract } from '../contracts/plan-store.contract.ts';
import { sessionStoreContract } from '../contracts/session-store.contract.ts';

planStoreContract('in-memory', async (clock) => ({ store: new InMemoryPlanStore({ clock }) }));
sessionStoreContract('in-memory', async () => new InMemorySessionStore());
