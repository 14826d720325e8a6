// A time budget per operation. Resolvers here run synchronously between promise ticks, so a query
// cannot be interrupted from outside; instead every resolver that starts real work (a root
// field, or one that returns a list) first checks the request's deadline and, once it has
// passed, fails with QUERY_TOO_COMPLEX. The rest of the operation then unwinds in microseconds.
import { defaultFieldResolver, GraphQLError, getNullableType, isListType, isObjectType, type GraphQLSchema } from 'graphql';

export interface HasDeadline {
  /** performance.now() value after which resolvers refuse to start. */
  deadline: number;
}

export const EXECUTION_BUDGET_MS = 1_000;

/** Wraps, in place, the resolvers of root fields and of list fields with the deadline check. */
export function enforceDeadlines(schema: GraphQLSchema): GraphQLSchema {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean));
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      // Default resolvers are property reads that graphql-jit inlines: leave them untouched.
      if (!resolve || resolve === defaultFieldResolver) continue;
      if (!roots.has(type) && !isListType(getNullableType(field.type))) continue;
      field.resolve = (source, args, context: HasDeadline, info) => {
        if (performance.now() > context.deadline) {
          throw new GraphQLError(`the query ran past its time budget of ${EXECUTION_BUDGET_MS} ms; ask for fewer fields or smaller pages`, {
            extensions: { code: 'QUERY_TOO_COMPLEX' },
          });
        }
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
