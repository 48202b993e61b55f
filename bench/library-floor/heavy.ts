/**
 * The library floor of the planner and executor (bench/lambda-bundles.ts): the API handler's libraries plus the
 * agent stack the brief prescribes (LangGraph, LangChain tools and messages, the Gemini chat model), each doing the
 * least the handlers do with it: a model bound to one zod-typed tool, and a compiled one-node graph. No code of
 * ours: the ratio of this bundle to the bare AWS SDK floor is the lowest the planner or executor could reach
 * without leaving these libraries.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import middy from '@middy/core';
import * as z from 'zod';

const config = z
  .object({
    LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
    GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
  })
  .parse(process.env);
const logger = new Logger({ serviceName: 'library-floor', logLevel: config.LOG_LEVEL });
const lookup = tool(async ({ id }) => id, {
  name: 'lookup',
  description: 'Looks one record up.',
  schema: z.object({ id: z.string() }),
});
const model = new ChatGoogleGenerativeAI({ model: config.GEMINI_MODEL, apiKey: 'not-used' }).bindTools([
  lookup,
]);
const graph = new StateGraph(MessagesAnnotation)
  .addNode('agent', async function agent() {
    return { messages: [] };
  })
  .addEdge(START, 'agent')
  .addEdge('agent', END)
  .compile();

export const handler = middy(async function libraryFloor() {
  logger.info('called');
  return graph.invoke({ messages: [new HumanMessage('hello')] }, { configurable: { model } });
});
