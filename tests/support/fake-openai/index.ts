export { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions, type RecordedRequest } from "./server";
export {
  reply,
  type Answer,
  type AnswerOptions,
  type ChatRequest,
  type DynamicReply,
  type ErrorReply,
  type RawReply,
  type Reply,
  type ReplyHandler,
  type StallReply,
  type StreamFault,
  type ToolCallSpec,
  type Usage,
} from "./reply";
export type { ChatCompletionRequest, ChatMessage, ResponseFormat, WireToolCall } from "./protocol";
export { sampleFromSchema } from "./schema-sample";
