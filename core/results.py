"""The village's tool-result pipeline: what the turn engine runs on every tool return.

``VillagePipeline`` implements ``core.tool_calls.ToolPipeline``: the S00-1 pipeline (post-execute
policies from the configuration, the spill policy priced with the agent's route, the final
limit), then every image that will be sent is also written to the media cache next to the
configuration (S03-2): with the store's blobs given, as a hard link to the image's blob (one copy
of every image, core/media_cache.py). The file work runs off the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from core.canonical import ToolCall
from core.config import Config
from core.llm import image_pricing
from core.log import event as log_event
from core.media_cache import MediaCache
from core.pipeline import PipelineSettings, run_pipeline
from core.spill import ImageTokens, SpillWriter
from core.store.blobs import BlobStore
from core.tool import ToolContext, ToolReturn

PricingLookup = Callable[[str], ImageTokens | None]  # agent id -> its route's image calculator


def route_pricing(config: Config) -> PricingLookup:
    """The image-token calculator of each agent's current template (wire + model), S00-3."""

    def lookup(agent_id: str) -> ImageTokens | None:
        try:
            template = config.template(config.agent(agent_id).template)
        except KeyError:
            return None
        return image_pricing(template)

    return lookup


class VillagePipeline:
    def __init__(
        self,
        config: Config,
        *,
        spill_dir: Path | None = None,
        pricing: PricingLookup | None = None,
        blobs: BlobStore | None = None,
    ) -> None:
        self.spill_dir = spill_dir
        self.blobs = blobs
        self._fixed_pricing = pricing
        self.apply_config(config)

    def apply_config(self, config: Config) -> None:
        """Adopt a new configuration (policies, budget, routes, media folder)."""
        self.config = config
        self.pricing = self._fixed_pricing or route_pricing(config)
        media_dir = config.media_dir()
        self.media = MediaCache(media_dir, self.blobs) if media_dir is not None else None

    async def process(self, call: ToolCall, result: ToolReturn, ctx: ToolContext) -> ToolReturn:
        settings = PipelineSettings(
            policies=list(self.config.tool_policies),
            budget_tokens=self.config.tool_results.budget_tokens,
            image_tokens=self.pricing(ctx.agent_id),
            writer=SpillWriter(self.spill_dir),
            language=ctx.language,
        )
        # one worker-thread hop for both (issue 14, row 4): the pipeline, then the media cache
        return await asyncio.to_thread(self._process, call, result, ctx, settings)

    def _process(
        self, call: ToolCall, result: ToolReturn, ctx: ToolContext, settings: PipelineSettings
    ) -> ToolReturn:
        try:
            out = run_pipeline(call.name, result, settings)
        except Exception as exc:  # preserve on doubt (S00-6): the original passes unchanged
            log_event("pipeline failed", agent=ctx.agent_id, name=call.name, error=type(exc).__name__)
            return result
        model = out.model
        if out.full.output is not model.output:  # shortened: the store keeps the whole (S02-1)
            model = replace(model, full=out.full.output)
        if self.media is not None and model.output.images:
            self.media.put_all(model.output.images, agent=ctx.agent_id, tool=call.name)
        return model
